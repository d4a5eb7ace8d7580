package cli

import "github.com/spf13/cobra"

// newAnalyzeCmd is a stub until the command lands.
func newAnalyzeCmd(io *IO) *cobra.Command {
	return &cobra.Command{Use: "analyze", Short: "(not yet implemented)", Hidden: true,
		RunE: func(*cobra.Command, []string) error { return withCode(ExitError, errNotYet) }}
}
