print("sample driver")
