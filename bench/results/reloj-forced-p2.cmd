solitario analyze --game reloj --seeds 1..100000 --workers 2 --quiet --json
