print("kineticctl")
