import Testing
@testable import DictionaryEditing
import DictionaryModel
