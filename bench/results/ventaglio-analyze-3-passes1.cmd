solitario analyze --game ventaglio --passes 1 --seeds 1..300 --timeout 10s --json
