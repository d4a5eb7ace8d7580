//go:build !amd64 && !arm64

package solver

import "unsafe"

// prefetch does nothing where no prefetch instruction is wired in
// (prefetch_asm.go): a table probe then waits for its miss.
func prefetch(p unsafe.Pointer) {}
