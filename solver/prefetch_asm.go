//go:build amd64 || arm64

package solver

import "unsafe"

// prefetch asks the CPU to start loading the cache line at p, without
// waiting for it (PREFETCHT0 on amd64, PRFM PLDL1KEEP on arm64): a probe
// of a table far larger than the caches made at once costs a miss, about
// 150 ns on the 2-core VM, but misses started together overlap (ten
// independent probes into a 64 MiB array cost 16 ns each there, against
// 175 ns each when each waits for the last). It changes nothing a program
// can read, only when the memory arrives.
//
//go:noescape
func prefetch(p unsafe.Pointer)
