print("wordlink")
