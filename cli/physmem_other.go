//go:build !linux

package cli

// physicalMemory is 0 (unknown) off Linux: --tt-mem is then not checked
// against the machine's memory.
func physicalMemory() uint64 { return 0 }
