import sharp from 'sharp';

/**
 * The 2×2 grid a result message shows, from four images in reading order. Every cell takes the size
 * of the first image, so providers that return slightly different sizes still line up.
 */
export async function composeGrid(images: Buffer[], columns = 2): Promise<Buffer> {
  const first = await sharp(images[0]).metadata();
  const cellWidth = first.width ?? 1;
  const cellHeight = first.height ?? 1;
  const rows = Math.ceil(images.length / columns);
  const cells = await Promise.all(
    images.map((image) => sharp(image).resize(cellWidth, cellHeight, { fit: 'cover' }).png().toBuffer()),
  );
  return sharp({
    create: { width: cellWidth * columns, height: cellHeight * rows, channels: 3, background: '#000000' },
  })
    .composite(
      cells.map((input, index) => ({
        input,
        left: (index % columns) * cellWidth,
        top: Math.floor(index / columns) * cellHeight,
      })),
    )
    .png()
    .toBuffer();
}
