#!/usr/bin/env bash
# The hardware model against the toolkit: for every arch whose features
# knowledge.yaml lists, assemble one instruction per feature with ptxas, for
# the plain target (sm_XY) and the arch-specific one (sm_XYa). ptxas must
# accept exactly what `archscan archs sm_XY` says: `features` on both,
# `specific` on sm_XYa only. Skipped (77) where no ptxas is installed.
#   hardware_probe_test.sh ARCHSCAN
set -euo pipefail
archscan=$1
ptxas=$(command -v ptxas || true)
[[ -n $ptxas ]] || ptxas=/usr/local/cuda/bin/ptxas
[[ -x $ptxas ]] || { echo "no ptxas: the hardware model is not checked here"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# feature -> "declarations|instruction"
declare -A probe=(
  [mma]='.reg .f32 f<4>; .reg .b32 r<6>;|mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {f0,f1,f2,f3}, {r0,r1,r2,r3}, {r4,r5}, {f0,f1,f2,f3};'
  [fp8_mma]='.reg .f32 f<4>; .reg .b32 r<6>;|mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32 {f0,f1,f2,f3}, {r0,r1,r2,r3}, {r4,r5}, {f0,f1,f2,f3};'
  [block_scaled_mma]='.reg .f32 f<4>; .reg .b32 r<8>;|mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e4m3.e4m3.f32.ue8m0 {f0,f1,f2,f3}, {r0,r1,r2,r3}, {r4,r5}, {f0,f1,f2,f3}, r6, {0, 0}, r7, {0, 0};'
  [wgmma]='|wgmma.fence.sync.aligned;'
  [tcgen05]='.shared .align 4 .b32 sm[1];|tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [sm], 32;'
  [tma]='.shared .align 128 .b8 sm[128]; .shared .align 8 .b64 mb; .global .align 64 .b8 tm[128];|cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [sm], [tm, {0}], [mb];'
  [clusters]='|barrier.cluster.arrive;'
  [setmaxnreg]='|setmaxnreg.inc.sync.aligned.u32 240;'
  [multimem]='.reg .f32 f<1>; .reg .b64 rd<1>;|multimem.ld_reduce.relaxed.sys.global.add.f32 f0, [rd0];'
)

accepts() {  # target feature
  local decl=${probe[$2]%%|*} ins=${probe[$2]#*|}
  printf '.version 9.0\n.target %s\n.address_size 64\n.visible .entry k() {\n  %s\n  %s\n  ret;\n}\n' \
    "$1" "$decl" "$ins" >"$work/p.ptx"
  "$ptxas" -arch="$1" "$work/p.ptx" -o "$work/p.cubin" >/dev/null 2>&1
}

listed() {  # "features: a, b" line -> words
  sed -n "s/^  $1[^:]*: //p" | tr -d ',' | sed 's/^none$//'
}

checked=0 failed=0
for sm in 75 80 86 87 89 90 100 103 110 120 121; do
  info=$("$archscan" archs "sm_$sm")
  features=" $(echo "$info" | listed features) "
  specific=" $(echo "$info" | listed 'arch-specific features') "
  [[ $info == *"features:"* ]] || { echo "archs sm_$sm lists no features"; failed=1; continue; }
  for f in "${!probe[@]}"; do
    want_plain=no want_a=no
    [[ $features == *" $f "* ]] && want_plain=yes want_a=yes
    [[ $specific == *" $f "* ]] && want_a=yes
    got_plain=no got_a=no
    accepts "sm_$sm" "$f" && got_plain=yes
    if [[ $sm -ge 90 ]]; then accepts "sm_${sm}a" "$f" && got_a=yes; else got_a=$got_plain; fi
    checked=$((checked + 1))
    if [[ $want_plain != "$got_plain" || $want_a != "$got_a" ]]; then
      echo "sm_$sm $f: knowledge says sm_$sm=$want_plain sm_${sm}a=$want_a; ptxas says $got_plain/$got_a"
      failed=1
    fi
  done
done
echo "$checked arch x feature pairs checked against $("$ptxas" --version | tail -1)"
exit $failed
