#pragma once
#include "mlp_consumer.cuh"
