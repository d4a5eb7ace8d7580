package cli

import (
	"strings"
	"testing"
)

// TestResumeExamplesRepeatTheRun: an example of --help that continues a run
// with --resume is an example given before it plus --resume: a resume under
// other flags is refused ("the file holds a different run"), so an example
// that drops the run's rule flags or limits fails as shown. analyze's left
// out --play free --passes 1 --max-nodes 5000000.
func TestResumeExamplesRepeatTheRun(t *testing.T) {
	for _, cmd := range []string{"analyze", "gen"} {
		code, out, _ := runOut(cmd, "--help")
		if code != ExitOK {
			t.Fatalf("%s --help: exit %d", cmd, code)
		}
		_, ex, _ := strings.Cut(out, "Examples:\n")
		ex, _, _ = strings.Cut(ex, "\n\nFlags:")
		var before []string
		resumes := 0
		for _, l := range strings.Split(ex, "\n") {
			l, _, _ = strings.Cut(l, "#")
			l = strings.Join(strings.Fields(l), " ")
			if run, ok := strings.CutSuffix(l, " --resume"); ok {
				resumes++
				found := false
				for _, b := range before {
					found = found || b == run
				}
				if !found {
					t.Errorf("%s --help: %q resumes no run given before it (%q)", cmd, l, before)
				}
			}
			before = append(before, l)
		}
		if resumes == 0 {
			t.Errorf("%s --help: no --resume example", cmd)
		}
	}
}
