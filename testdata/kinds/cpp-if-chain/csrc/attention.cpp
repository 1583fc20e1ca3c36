// One decision, written once in static_switch.h, expanded three times here
// (once inside another switch's lambda, which expands it twice): reported
// once, at the #define, where it is fixed.
#include "static_switch.h"

struct Params {
  int arch;
  bool deterministic;
  int d;
};

template <int Arch, bool Deterministic>
void run_bwd(Params& p) { p.d += Arch + Deterministic; }

template <int Arch>
void run_fwd(Params& p) { p.d += Arch; }

void attention_fwd(Params& params) {
  ARCH_SWITCH(params.arch, Arch, [&] { run_fwd<Arch>(params); });
}

void attention_bwd(Params& params) {
  BOOL_SWITCH(params.deterministic, Is_deterministic, [&] {
    ARCH_SWITCH(params.arch, Arch, [&] { run_bwd<Arch, Is_deterministic>(params); });
  });
}
