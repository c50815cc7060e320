"""Screenshots of an X display with xwd, read with the standard library: pixels, finding a colour, writing a PNG."""

from __future__ import annotations

import struct
import subprocess
import zlib
from dataclasses import dataclass


@dataclass
class Image:
    """RGB pixels, row by row."""

    width: int
    height: int
    rgb: bytes

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        i = 3 * (y * self.width + x)
        return self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]

    def centroid(self, colour: tuple[int, int, int], tolerance: int = 12) -> tuple[float, float, int]:
        """The mean position of the pixels within ``tolerance`` of ``colour`` in every channel, and their count."""
        sx = sy = n = 0
        r0, g0, b0 = colour
        for y in range(self.height):
            row = self.rgb[3 * y * self.width:3 * (y + 1) * self.width]
            for x in range(self.width):
                r, g, b = row[3 * x], row[3 * x + 1], row[3 * x + 2]
                if abs(r - r0) <= tolerance and abs(g - g0) <= tolerance and abs(b - b0) <= tolerance:
                    sx += x
                    sy += y
                    n += 1
        if n == 0:
            raise AssertionError(f"no pixel of colour {colour} on the screen")
        return sx / n, sy / n, n


def read_xwd(data: bytes) -> Image:
    """An XWD file of a 24- or 32-bit TrueColor screen (xwd -root), as RGB."""
    fields = struct.unpack(">25I", data[:100])
    header_size, byte_order, bits_per_pixel, bytes_per_line = fields[0], fields[7], fields[11], fields[12]
    width, height, masks, colours = fields[4], fields[5], fields[14:17], fields[19]
    if bits_per_pixel != 32:
        raise ValueError(f"xwd: {bits_per_pixel} bits per pixel; only 32 are read here")
    start = header_size + 12 * colours
    order = "<" if byte_order == 0 else ">"
    shifts = [(mask & -mask).bit_length() - 1 for mask in masks]
    rgb = bytearray(3 * width * height)
    for y in range(height):
        row = struct.unpack_from(f"{order}{width}I", data, start + y * bytes_per_line)
        for x, value in enumerate(row):
            i = 3 * (y * width + x)
            rgb[i] = (value & masks[0]) >> shifts[0]
            rgb[i + 1] = (value & masks[1]) >> shifts[1]
            rgb[i + 2] = (value & masks[2]) >> shifts[2]
    return Image(width, height, bytes(rgb))


def capture(display: str) -> Image:
    """The whole screen of X ``display``."""
    return read_xwd(subprocess.run(["xwd", "-root", "-silent", "-display", display], capture_output=True,
                                   check=True, timeout=60).stdout)


def write_png(path: str, image: Image) -> None:
    """``image`` as an 8-bit RGB PNG."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    stride = 3 * image.width
    raw = b"".join(b"\0" + image.rgb[y * stride:(y + 1) * stride] for y in range(image.height))
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", image.width, image.height, 8, 2, 0, 0, 0))
                  + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
