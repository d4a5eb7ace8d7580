solitario analyze --game ventaglio --provisional-wrap --seeds 1..300 --timeout 10s --json
