print("NavFuzz")
