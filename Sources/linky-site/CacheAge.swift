import ArgumentParser
import LinkyModel

/// A duration written as `1d`, `12h`, `30m`, `90s`, `2w`, combinations such as `1d12h`, or plain seconds.
struct CacheAge: ExpressibleByArgument, Sendable {
    var seconds: Int64

    init(seconds: Int64) {
        self.seconds = seconds
    }

    init?(argument: String) {
        guard let seconds = DurationText.seconds(argument) else { return nil }
        self.seconds = seconds
    }

    var defaultValueDescription: String {
        seconds % 86_400 == 0 ? "\(seconds / 86_400)d" : "\(seconds)s"
    }
}
