/// `wordlink [WORD]`: the interactive browser. The browser lives in BrowserCore and
/// CursesTerminal; until it is wired in, this says so. Replace this function to wire it.
func runBrowser(word: String?, data: String?) -> Int32 {
    Terminal.error("the browser is not built yet; use 'wordlink define WORD' to print a page.")
    return 1
}
