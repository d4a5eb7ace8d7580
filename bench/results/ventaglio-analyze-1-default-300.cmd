solitario analyze --game ventaglio --seeds 1..300 --json
