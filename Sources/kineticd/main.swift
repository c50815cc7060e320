print("kineticd")
