#include "mlp_consumer.cuh"

__global__ void run_mlp(float* out, const float* in) { mlp_consumer<100>(out, in, 1); }

int main() { return 0; }
