package board_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Back (or forward) twice in quick succession ends on the deal the second
// names, the table and the address both (the first's deal, answered after
// the second traversal, wrote its address over the second's history entry
// before that entry's hashchange ran: both ended one step short; found by
// a helper). Five rounds: on the old page three rounds caught it in two
// runs of three.
func TestBoardXBackTwiceQuickly(t *testing.T) {
	ctx, _ := openRelojSeed1(t)
	for _, to := range []struct{ hash, title string }{{"#ventaglio/2", "Il Ventaglio, seed 2"}, {"#sietes/3", "De los sietes, seed 3"}} {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`location.hash = %q`, to.hash))); err != nil {
			t.Fatal(err)
		}
		wait(t, ctx, to.hash, func(p page) bool { return decided(p) && strings.HasPrefix(p.Title, to.title) })
	}
	for range 5 {
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`history.back(); setTimeout(() => history.back(), 5)`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond)
		p := wait(t, ctx, "back twice", func(p page) bool { return decided(p) })
		hash := eval[string](t, ctx, `location.hash`)
		if hash != "#reloj/1" || !strings.HasPrefix(p.Title, "Del reloj, seed 1") {
			t.Fatalf("back twice from #sietes/3: the address is %q, the table %q; want #reloj/1 and Del reloj seed 1", hash, p.Title)
		}
		if err := chromedp.Do(ctx, chromedp.Evaluate[chromedp.Void](`history.forward(); setTimeout(() => history.forward(), 5)`)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(1500 * time.Millisecond)
		p = wait(t, ctx, "forward twice", func(p page) bool { return decided(p) })
		hash = eval[string](t, ctx, `location.hash`)
		if hash != "#sietes/3" || !strings.HasPrefix(p.Title, "De los sietes, seed 3") {
			t.Fatalf("forward twice to #sietes/3: the address is %q, the table %q; want #sietes/3 and De los sietes seed 3", hash, p.Title)
		}
	}
}
