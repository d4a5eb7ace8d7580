//go:build linux

package cli

import "golang.org/x/sys/unix"

// physicalMemory is the machine's total RAM in bytes, from sysinfo(2); 0
// when it cannot be read, and then --tt-mem is not checked against it.
func physicalMemory() uint64 {
	var si unix.Sysinfo_t
	if err := unix.Sysinfo(&si); err != nil {
		return 0
	}
	unit := uint64(si.Unit)
	if unit == 0 { // kernels before 2.3.23 report bytes and leave Unit 0
		unit = 1
	}
	return uint64(si.Totalram) * unit
}
