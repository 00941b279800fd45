// DictionaryModel
