solitario analyze --game ventaglio --seeds 1..5000 --json
