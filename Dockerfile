# archscan in a container: `docker build -t archscan .`, then
#   docker run --rm -v "$PWD:/src" archscan check --target sm_120 .
# The build stage runs the same two set-up steps as a fresh Debian 12
# machine (scripts/setup.sh, then the CMake build) and packs the .deb; the
# image installs that .deb (LLVM and Clang linked in) and Clang's builtin
# headers, and nothing of the build tool chain.
FROM debian:12 AS build
ENV DEBIAN_FRONTEND=noninteractive
# What setup.sh itself needs before it can install the rest.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates make \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /archscan
COPY . .
RUN scripts/setup.sh \
 && cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBUILD_TESTING=OFF \
 && cmake --build build \
 && cpack -G DEB --config build/CPackConfig.cmake -B build

FROM debian:12-slim
ENV DEBIAN_FRONTEND=noninteractive
COPY --from=build /archscan/build/archscan_*.deb /tmp/
# apt installs the package's declared dependencies (Clang's builtin headers,
# libyaml-cpp0.7, zlib, zstd) from Debian.
RUN apt-get update \
 && apt-get install -y --no-install-recommends /tmp/archscan_*.deb \
 && rm -rf /var/lib/apt/lists/* /tmp/archscan_*.deb
WORKDIR /src
ENTRYPOINT ["archscan"]
CMD ["--help"]
