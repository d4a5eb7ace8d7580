solitario analyze --game ventaglio --empty-provisional never --seeds 1..300 --timeout 10s --json
