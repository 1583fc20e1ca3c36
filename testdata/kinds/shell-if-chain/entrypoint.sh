#!/bin/bash
# Runs the router binary built for the GPU's compute capability.
compute_cap=$(nvidia-smi --query-gpu=compute_cap --format=csv | sed -n '2p' | sed 's/\.//g')

if [ ${compute_cap} -eq 75 ]; then  # expect(sm121): missing-arch sm_121 error
    exec router-75 "$@"
elif [ ${compute_cap} -ge 80 -a ${compute_cap} -lt 90 ]; then
    exec router-80 "$@"
elif [ ${compute_cap} -eq 90 ]; then
    exec router-90 "$@"
elif [ ${compute_cap} -eq 120 ]; then
    exec router-120 "$@"
else
    echo "cuda compute cap ${compute_cap} is not supported"
    exit 1
fi

# Not read: `-ne` refuses one arch rather than choosing, a test on a file is
# no arch test, and a count is no arch.
if [ "$compute_cap" -ne 90 ]; then  # expect-none
    echo "not a Hopper GPU"
fi
if [ -f /opt/router-${compute_cap} ] && [ ${compute_cap} -eq 90 ]; then  # expect-none
    echo "prebuilt"
fi
workers=4
if [ ${workers} -eq 90 ]; then  # expect-none
    echo "many"
fi
