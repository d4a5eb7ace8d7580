solitario analyze --game reloj --seeds 1..1000000 --workers 2 --quiet --json
