import Testing

extension Trait where Self == TimeLimitTrait {
    /// The end-to-end suites' time limit: a guard against a test that hangs, not a measure of
    /// speed (each wait inside a test has a time-out of its own: `TmuxSession.waitFor`, the
    /// import and kill loops). Swift Testing's clock starts with the test case, while its body
    /// may still wait for a thread of the pool (as many as the cores) behind other tests that
    /// block on their child processes: a limit of two minutes failed nine tests of a few
    /// seconds each in a sanitizer run in CI, on two cores, before their bodies had run.
    static var hangGuard: Self { .timeLimit(.minutes(20)) }
}
