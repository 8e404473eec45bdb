import LinkyNetwork

extension WebClient {
    /// One client for the whole test run, as a command uses one (it lives until the process ends),
    /// with a short timeout so the slow fixture pages time out quickly.
    static let forTests: WebClient = {
        var options = WebClient.Options()
        options.timeout = .seconds(2)
        return WebClient(options: options)
    }()
}
