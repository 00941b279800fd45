import Testing

extension Trait where Self == TimeLimitTrait {
    /// The end-to-end suites' time limit: a guard against a test that hangs, so that CI names
    /// it instead of running out of time, and no measure of speed (each wait inside a test has
    /// a time-out of its own where it can: `TmuxSession.waitFor`, the import and kill
    /// loops). Swift Testing's clock can start long before a test's body runs: on two cores
    /// the body waits for a thread behind tests that block on their children, and in a
    /// sanitizer run a limit of a few minutes failed tests of a few seconds, reported as
    /// lasting most of the run. So the limit is longer than a whole run of the suite
    /// (`make test-asan` included) and shorter than CI's.
    static var hangGuard: Self { .timeLimit(.minutes(60)) }
}
