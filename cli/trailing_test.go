package cli

import (
	"strings"
	"testing"

	"github.com/solitario/solitario/internal/testkit"
)

// TestDealJSONTrailing: a JSON deal file with text after its object is
// refused (it was read as the object alone), one line, exit 2.
func TestDealJSONTrailing(t *testing.T) {
	for _, after := range []string{" trailing", "}}}"} {
		name := testkit.WriteFile(t, "deal.json", `{"game":"reloj","seed":7}`+after)
		code, out, errOut := runOut("solve", "--game", "reloj", "--deal", name)
		if code != ExitError || out != "" || !strings.Contains(errOut, "more after the first object") || strings.Count(errOut, "\n") != 1 {
			t.Errorf("--deal with %q after: exit %d, %q, %q; want exit 2, one line", after, code, out, errOut)
		}
	}
}
