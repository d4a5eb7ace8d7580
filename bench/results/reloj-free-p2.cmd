solitario analyze --game reloj --play free --passes 2 --seeds 1..100000 --quiet --json
