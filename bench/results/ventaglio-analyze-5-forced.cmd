solitario analyze --game ventaglio --play forced --seeds 1..300 --timeout 10s --json
