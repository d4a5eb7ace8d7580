solitario analyze --game reloj --play free --passes 1 --seeds 1..100000 --quiet --json
