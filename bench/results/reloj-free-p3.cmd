solitario analyze --game reloj --play free --passes 3 --seeds 1..100000 --quiet --json
