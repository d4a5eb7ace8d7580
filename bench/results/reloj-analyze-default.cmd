solitario analyze --game reloj --seeds 1..100000 --workers 1 --quiet --json
