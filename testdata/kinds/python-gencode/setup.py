import subprocess

cc_flag = []
cc_flag.append("-gencode")  # expect-none
cc_flag.append("arch=compute_90a,code=sm_90a")  # expect-none: arch-specific targets only (wgmma, tcgen05): gated, --all
cc_flag.append("-gencode")
cc_flag.append("arch=compute_100a,code=sm_100a")

extra_flags = [
    "-gencode=arch=compute_90,code=sm_90",  # expect: missing-arch sm_120 error
    "-gencode=arch=compute_100,code=sm_100",
]


def build():
    subprocess.run(["nvcc", *cc_flag, *extra_flags, "kernel.cu"], check=True)
