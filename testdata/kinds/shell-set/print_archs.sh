#!/usr/bin/env bash
# Prints the archs the installed toolkit could build. Only echo reads ARCHS,
# so no build uses it: --all lists it. BUILD_ARCHS goes into a file a later
# step reads, and GPU_ARCHS reaches cmake through a command substitution.
set -o pipefail
NVCC_MAJOR=$(nvcc --version | sed -n 's/.*release \([0-9]*\).*/\1/p')
if [ "$NVCC_MAJOR" -ge 12 ]; then
  ARCHS="80;89;90"             # expect-none: only printed, --all
else
  ARCHS="80"
fi
echo $ARCHS
echo "SM counts: ${ARCHS}"

BUILD_ARCHS="80;90"            # expect: missing-arch sm_120 warning
echo "$BUILD_ARCHS" > archs.txt

GPU_ARCHS="80 90"                # expect: missing-arch sm_120 error
echo "building for $GPU_ARCHS"
cmake -DCUDA_ARCHS="$(echo $GPU_ARCHS | tr ' ' ';')" .
