solitario analyze --game ventaglio --passes 1 --seeds 1..300 --workers 1 --quiet --json
