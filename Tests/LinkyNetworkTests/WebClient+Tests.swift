import LinkyNetwork

extension WebClient {
    /// One client for the whole test run, as a command uses one (it lives until the process ends).
    /// Its deadline covers a whole request, redirects included: generous, so a loaded machine running
    /// the suite in parallel never turns eleven loopback hops into a time-out.
    static let forTests: WebClient = {
        var options = WebClient.Options()
        options.timeout = .seconds(10)
        // The fixture server is on 127.0.0.1.
        options.allowPrivateAddresses = true
        return WebClient(options: options)
    }()

    /// As a command makes it by default: requests only public addresses.
    static let publicOnly: WebClient = {
        var options = WebClient.Options()
        options.timeout = .seconds(10)
        return WebClient(options: options)
    }()

    /// For the tests of the deadline itself: a short one, against fixture pages far slower than it
    /// (a page that answers after 60 s, one that drips a byte a second forever).
    static let withShortDeadline: WebClient = {
        var options = WebClient.Options()
        options.timeout = .seconds(2)
        options.allowPrivateAddresses = true
        return WebClient(options: options)
    }()
}
