solitario analyze --game ventaglio --passes 2 --seeds 1..300 --timeout 10s --json
