package difficulty

// cutTable is the cut points as made (Cut; docs/difficulty.md): the
// terciles that `solitario analyze --difficulty` prints under its summary
// ("terciles: hard at most H, easy above E") and writes in --json
// (summary.difficulty.hard and .easy). To renew them, run each Command
// and copy its two figures; a change to the plain player or the seeds of
// its play-outs needs new ones.
func cutTable() []Cut {
	return []Cut{
		{Game: "ventaglio", Rules: "play free, passes 3, provisional-wrap false, empty-provisional fill",
			Hard: 32.25, Easy: 37.53, Deals: 9771, Seeds: "1..42000",
			Command: "solitario analyze --game ventaglio --seeds 1..42000 --difficulty --quiet --jsonl ventaglio-cuts.jsonl --json"},
		{Game: "reloj", Rules: "play forced, passes 2",
			Hard: 50, Easy: 75, Deals: 10059, Seeds: "1..10200",
			Command: "solitario analyze --game reloj --seeds 1..10200 --difficulty --quiet --jsonl reloj-cuts.jsonl --json"},
		{Game: "sietes", Rules: "play forced, passes 1",
			Hard: 1, Easy: 22, Deals: 10056, Seeds: "1..38000",
			Command: "solitario analyze --game sietes --seeds 1..38000 --difficulty --quiet --jsonl sietes-cuts.jsonl --json"},
	}
}
