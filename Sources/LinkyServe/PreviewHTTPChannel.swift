import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1 channel, with the two things a server left open on a machine needs:
///
/// - a deadline for each request head: a connection that has not sent a whole request head within
///   `idleTimeout` of opening, or of its last response, is closed — idle keep-alive connections and
///   ones that trickle their headers a byte at a time alike (an open reload stream is a response
///   in progress, never idle);
/// - `Connection: close` honoured as HTTP/1.0 means it: a request that does not ask to be kept alive
///   (HTTP/1.0 without `Connection: keep-alive`, or any `Connection: close`) has its connection closed
///   after the response. Hummingbird's types carry no HTTP version, so this is said before they are
///   made, as the header Hummingbird looks for.
struct PreviewHTTPChannel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let idleTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: .init())
            try channel.pipeline.syncOperations.addHandler(ClosingUnlessKeptAlive())
            try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try channel.pipeline.syncOperations.addHandler(
                HTTPConnectionStateHandler(idleTimeout: idleTimeout, logger: logger))
            return try NIOAsyncChannel(
                wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}

/// Marks every request that does not keep its connection alive with `Connection: close`, the one
/// spelling Hummingbird closes the connection for.
final class ClosingUnlessKeptAlive: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .head(var head) = unwrapInboundIn(data), !head.isKeepAlive,
            head.headers[canonicalForm: "connection"] != ["close"]
        else {
            context.fireChannelRead(data)
            return
        }
        head.headers.replaceOrAdd(name: "Connection", value: "close")
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }
}
