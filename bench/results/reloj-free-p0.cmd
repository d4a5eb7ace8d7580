solitario analyze --game reloj --play free --passes 0 --seeds 1..100000 --workers 1 --quiet --json
