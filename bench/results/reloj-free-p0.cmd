solitario analyze --game reloj --play free --passes 0 --seeds 1..100000 --quiet --json
