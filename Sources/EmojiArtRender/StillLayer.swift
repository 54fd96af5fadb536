import CPangoCairo
import EmojiArtCore
import Foundation

/// The view's frame without its selected emojis, for the frames in which only they change (a
/// drag, a resize, a turn, a nudge of the selection; SPEC G6): `ContentLayer` copies it once,
/// then each such frame only puts back what the selection covered last and paints anew the
/// rectangle it covers now — background, every emoji crossing it in stack order, the selection
/// marks — instead of the whole view. The rectangle lies on whole device pixels, so it comes out
/// pixel for pixel as the whole frame paints it.
///
/// Belongs to its `ContentLayer`'s thread.
final class StillLayer {
    /// A rectangle of frame pixels.
    struct PixelRect: Equatable {
        var x: Int
        var y: Int
        var width: Int
        var height: Int
        var area: Int { width * height }
    }

    private let surface: OpaquePointer
    private let pixelWidth: Int
    private let pixelHeight: Int
    /// The document's emojis when it was painted, all but the selected ones in it.
    private let emojis: [Emoji]
    let selection: Set<Int>
    private let background: BackgroundImage?
    private let viewport: Viewport
    private let viewSize: ViewSize
    private let deviceScale: Double
    /// Whether its frame is exact: one with stand-ins is shown once, never kept.
    let isExact: Bool
    /// Where the content layer's frame differs from this one: what the selection covered when
    /// last painted.
    private var paintedRect: PixelRect?

    /// Device pixels added around each selected emoji's reach: its resampled edge.
    private static let margin = 2.0

    /// The frame of `model` without the emojis in `selection`, painted by `renderer` into a
    /// surface of `pixelWidth` × `pixelHeight` (the content layer's); nil without memory for it.
    init?(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize, deviceScale: Double,
        selection: Set<Int>, pixelWidth: Int, pixelHeight: Int, renderer: DocumentRenderer, rastersPayOff: Bool
    ) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_set_device_scale(surface, deviceScale, deviceScale)
        let outcome = renderer.drawDirectly(
            model.emojis.filter { !selection.contains($0.id) }, selected: [], background: background, viewport: viewport,
            viewSize: viewSize, deviceScale: deviceScale,
            intoImage: surface, rastersPayOff: rastersPayOff)
        cairo_surface_flush(surface)
        self.surface = surface
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.emojis = model.emojis
        self.selection = selection
        self.background = background
        self.viewport = viewport
        self.viewSize = viewSize
        self.deviceScale = deviceScale
        isExact = outcome == .exact
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// Whether a selection worth a still layer: some emojis, but not all of them, whose
    /// rectangle covers less than half the view (a frame of all of them is as quick).
    static func isWorthIt(
        _ model: EmojiArtModel, selection: Set<Int>, viewport: Viewport, viewSize: ViewSize, deviceScale: Double,
        pixelWidth: Int, pixelHeight: Int
    ) -> Bool {
        guard !selection.isEmpty, selection.count < model.emojis.count else { return false }
        guard
            let rect = selectionRect(
                model.emojis(withIDs: selection), viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        else { return true }
        return rect.area * 2 < pixelWidth * pixelHeight
    }

    /// Whether it is the frame of `model` without its selected emojis, through the same view:
    /// only the selected emojis changed since it was painted.
    func holds(
        _ model: EmojiArtModel, background: BackgroundImage?, viewport: Viewport, viewSize: ViewSize, deviceScale: Double,
        selection: Set<Int>
    ) -> Bool {
        guard selection == self.selection, background === self.background, viewport == self.viewport,
            viewSize == self.viewSize, deviceScale == self.deviceScale
        else { return false }
        // A drag changes its emojis in place: each emoji is where it was, or a selected one.
        let emojis = model.emojis
        guard emojis.count == self.emojis.count else { return false }
        return emojis.withUnsafeBufferPointer { now in
            self.emojis.withUnsafeBufferPointer { then in
                for index in now.indices where now[index] != then[index] {
                    guard now[index].id == then[index].id, selection.contains(now[index].id) else { return false }
                }
                return true
            }
        }
    }

    /// Copies the whole still frame into `layer`, a surface of its size: nothing of the
    /// selection is painted there yet.
    func copy(into layer: OpaquePointer) {
        copy(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight), into: layer)
        paintedRect = nil
    }

    /// Makes `layer` (a copy of this frame but where the selection was painted) the frame of
    /// `model`: puts back the still pixels where the selection was, and paints the rectangle the
    /// selection covers now in full, as the whole frame would (`rastersPayOff` as for
    /// `DocumentRenderer.drawDirectly`). Returns how exact that rectangle is.
    func paintSelection(
        of model: EmojiArtModel, into layer: OpaquePointer, renderer: DocumentRenderer, rastersPayOff: Bool
    ) -> FrameOutcome {
        if let paintedRect { copy(paintedRect, into: layer) }
        paintedRect = nil
        let selected = model.emojis(withIDs: selection)
        guard
            let rect = Self.selectionRect(
                selected, viewport: viewport, viewSize: viewSize, deviceScale: deviceScale,
                pixelWidth: pixelWidth, pixelHeight: pixelHeight),
            let data = cairo_image_surface_get_data(layer)
        else { return .exact }
        let stride = Int(cairo_image_surface_get_stride(layer))
        guard
            let part = cairo_image_surface_create_for_data(
                data + rect.y * stride + rect.x * 4, CAIRO_FORMAT_ARGB32, Int32(rect.width), Int32(rect.height), Int32(stride))
        else { return .exact }
        defer { cairo_surface_destroy(part) }
        guard cairo_surface_status(part) == CAIRO_STATUS_SUCCESS else { return .exact }
        cairo_surface_set_device_scale(part, deviceScale, deviceScale)
        clear(rect, of: layer)
        // The part's view shows the document where the whole view shows it, moved by the
        // rectangle's corner: its origin is the whole view's, less the corner.
        let partSize = ViewSize(width: Double(rect.width) / deviceScale, height: Double(rect.height) / deviceScale)
        let corner = ViewVector(dx: Double(rect.x) / deviceScale, dy: Double(rect.y) / deviceScale)
        let origin = viewport.documentOrigin(in: viewSize)
        let partViewport = Viewport(
            zoom: viewport.zoom,
            pan: ViewVector(
                dx: origin.x - corner.dx - partSize.center.x, dy: origin.y - corner.dy - partSize.center.y))
        paintedRect = rect
        cairo_surface_mark_dirty(layer)
        return renderer.drawDirectly(
            Self.emojis(of: model, crossing: partSize, through: partViewport), selected: selected, background: background,
            viewport: partViewport,
            viewSize: partSize, deviceScale: deviceScale, intoImage: part, rastersPayOff: rastersPayOff)
    }

    /// The frame pixels the selected emojis and their marks may touch, whole and within the
    /// frame; nil when none are in view.
    static func selectionRect(
        _ selected: [Emoji], viewport: Viewport, viewSize: ViewSize, deviceScale: Double, pixelWidth: Int, pixelHeight: Int
    ) -> PixelRect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        for emoji in selected {
            let side = emoji.size * viewport.zoom
            let center = viewport.viewPoint(for: emoji.position, in: viewSize)
            // As far as the renderer paints an emoji (`placeInView`), or its mark reaches.
            let turned = emoji.rotation != 0 ? 2.0.squareRoot() : 1
            let reach = max(side * EmojiRasterizer.maximumWidthPerHeight / 2, SelectionMark.reach(forSide: side)) * turned
            guard reach.isFinite, center.x.isFinite, center.y.isFinite else { continue }
            minX = min(minX, center.x - reach)
            minY = min(minY, center.y - reach)
            maxX = max(maxX, center.x + reach)
            maxY = max(maxY, center.y + reach)
        }
        guard minX < maxX, minY < maxY else { return nil }
        let left = max(0, Int((minX * deviceScale - margin).rounded(.down)))
        let top = max(0, Int((minY * deviceScale - margin).rounded(.down)))
        let right = min(pixelWidth, Int(min((maxX * deviceScale + margin).rounded(.up), Double(pixelWidth))))
        let bottom = min(pixelHeight, Int(min((maxY * deviceScale + margin).rounded(.up), Double(pixelHeight))))
        guard left < right, top < bottom else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The emojis of `model` that may show in a view of `size` through `viewport`, in stack order:
    /// what the renderer would place there of all of them, found without its per-emoji work.
    private static func emojis(of model: EmojiArtModel, crossing size: ViewSize, through viewport: Viewport) -> [Emoji] {
        let origin = viewport.documentOrigin(in: size)
        let zoom = viewport.zoom
        let widest = EmojiRasterizer.maximumWidthPerHeight / 2 * 2.0.squareRoot()
        return model.emojis.filter { emoji in
            let reach = emoji.size * zoom * widest
            let x = origin.x + emoji.position.x * zoom
            let y = origin.y + emoji.position.y * zoom
            return x + reach > 0 && x - reach < size.width && y + reach > 0 && y - reach < size.height
        }
    }

    /// Copies the still frame's pixels in `rect` into `layer`.
    private func copy(_ rect: PixelRect, into layer: OpaquePointer) {
        cairo_surface_flush(layer)
        guard let source = cairo_image_surface_get_data(surface), let target = cairo_image_surface_get_data(layer) else { return }
        let sourceStride = Int(cairo_image_surface_get_stride(surface))
        let targetStride = Int(cairo_image_surface_get_stride(layer))
        for row in rect.y..<(rect.y + rect.height) {
            memcpy(target + row * targetStride + rect.x * 4, source + row * sourceStride + rect.x * 4, rect.width * 4)
        }
        cairo_surface_mark_dirty(layer)
    }

    /// Makes `rect` of `layer` transparent.
    private func clear(_ rect: PixelRect, of layer: OpaquePointer) {
        cairo_surface_flush(layer)
        guard let target = cairo_image_surface_get_data(layer) else { return }
        let stride = Int(cairo_image_surface_get_stride(layer))
        for row in rect.y..<(rect.y + rect.height) {
            memset(target + row * stride + rect.x * 4, 0, rect.width * 4)
        }
    }
}
