# Builds dependencies from source for the archs the benchmarks run on: each
# flag names its own setting, whatever the command list is called.
import subprocess
import sys


def install_kernels(genai: bool) -> None:
    target = "genai" if genai else "cuda"
    cmd = [
        sys.executable,
        "setup.py",
        "install",
        f"--build-target={target}",
        "-DTORCH_CUDA_ARCH_LIST=8.0;9.0;9.0a",  # expect: missing-arch sm_120 error  expect(all): missing-arch sm_120 error
    ]
    subprocess.check_call(cmd)


def configure() -> None:
    subprocess.check_call(["cmake", "-B", "build", "-DCMAKE_CUDA_ARCHITECTURES:STRING=80;90;120"])  # expect-none
    subprocess.check_call(["./build.sh", "--cuda-archs=80;90"])  # expect: missing-arch sm_120 warning  expect(all): missing-arch sm_120 warning
    subprocess.check_call(["cmake", "-DCMAKE_BUILD_TYPE=Release", "-DMAX_JOBS=8", "-DPORT=8080"])  # expect-none
    subprocess.check_call(["cmake", "-DAMDGPU_TARGETS=gfx90a;gfx942"])  # expect-none
