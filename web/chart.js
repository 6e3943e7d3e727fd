// The report's charts, drawn here from the library's figure (`--plot
// chart.json`: panels of series, src/plot/json.rs), so the WebAssembly
// module carries no drawing code. Each panel is an SVG as wide as its box
// in CSS pixels, so its text is 14 px on a phone as on a desktop; the
// charts are drawn again when their box changes width. The numbers and
// words are the figure's: only the layout is decided here.
'use strict';

const SVG_NS = 'http://www.w3.org/2000/svg';
const TEXT_PX = 14;
// Lines of at most this many points mark each point (src/plot/svg).
const MARKED_POINTS = 40;

let drawnFigure = null;
let drawnWidth = 0;

// Draws `figure` (null: nothing) into `box`, replacing what was there.
function drawChart(box, figure) {
  drawnFigure = figure;
  drawnWidth = box.clientWidth;
  box.replaceChildren();
  if (!figure) return;
  const panels = element('div', { class: 'panels' });
  box.append(panels);
  // A grid is the matchup's matrix, which the report shows as its heat
  // map (a table of the same numbers).
  const shown = figure.panels.filter(p => axisKind(p.axis) !== 'grid');
  // Every panel's box laid out first: a panel's width depends on its
  // neighbours.
  const boxes = shown.map(panel => {
    const e = element('figure', { class: panel.wide ? 'panel wide' : 'panel' });
    e.append(element('figcaption', { text: caption(panel) }));
    if (panel.series.length > 1) e.append(legend(panel, figure.palette));
    panels.append(e);
    return e;
  });
  shown.forEach((panel, i) => {
    const width = Math.max(boxes[i].clientWidth, 200);
    const draw = { numbers: drawNumbers, categories: drawCategories, map: drawMap }[
      axisKind(panel.axis)
    ];
    const svg = draw(panel, width, figure.palette);
    svg.setAttribute('role', 'img');
    svg.setAttribute('aria-label', caption(panel));
    boxes[i].append(svg);
  });
}

// Draws the last figure again when its box changes width (a phone turned).
function watchChart(box) {
  new ResizeObserver(() => {
    if (drawnFigure && box.clientWidth !== drawnWidth) drawChart(box, drawnFigure);
  }).observe(box);
}

// `"numbers"`, or the one key of `{"categories": [...]}` and the like.
const axisKind = axis => (typeof axis === 'string' ? axis : Object.keys(axis)[0]);

// The panel's title; a lone series is named there instead of in a legend.
function caption(panel) {
  const only = panel.series.length === 1 ? panel.series[0].name : '';
  return only ? `${panel.title} (${only})` : panel.title;
}

function legend(panel, palette) {
  const list = element('ul', { class: 'legend' });
  for (const s of panel.series) {
    const mark = element('span', { class: `swatch ${s.mark}` });
    mark.style.background = colourOf(palette, s.colour);
    list.append(element('li', {}, [mark, s.name]));
  }
  return list;
}

const colourOf = (palette, i) => palette[i % palette.length];

function svgElement(tag, attrs = {}, text = null) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== null) e.textContent = text;
  return e;
}

function canvas(width, height) {
  return svgElement('svg', {
    width,
    height,
    viewBox: `0 0 ${width} ${height}`,
    'font-size': TEXT_PX,
    'font-family': 'system-ui, sans-serif',
  });
}

// `v` rounded to `decimals`, without trailing zeros.
const trimmed = (v, decimals) => String(Number(v.toFixed(decimals)));

// A value as the axis shows it: percent for probabilities, with enough
// decimals for the axis's span (src/plot/svg's value_label).
function valueLabel(v, probability, span) {
  if (!probability) return trimmed(v, 3);
  return `${trimmed(v * 100, span >= 0.05 ? 0 : 2)}%`;
}

// A bar's own value, beside it.
function barLabel(v, probability) {
  if (!probability) return trimmed(v, 3);
  const percent = v * 100;
  return `${trimmed(percent, percent !== 0 && Math.abs(percent) < 0.1 ? 3 : 1)}%`;
}

// How wide `text` is drawn in the charts' type, in px.
function textWidth(text) {
  textWidth.context ??= document.createElement('canvas').getContext('2d');
  textWidth.context.font = `${TEXT_PX}px system-ui, sans-serif`;
  return textWidth.context.measureText(text).width;
}

// About `count` round ticks (1, 2 or 5 times a power of ten) in lo..hi;
// whole numbers only when `whole`.
function ticks(lo, hi, count, whole = false) {
  const raw = (hi - lo) / Math.max(count, 1);
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  let step = [1, 2, 5, 10].map(m => m * power).find(s => s >= raw) || raw;
  if (whole) step = Math.max(1, Math.round(step));
  const out = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step) {
    out.push(Number(v.toPrecision(12)));
  }
  return out;
}

// A linear map from `domain` onto `range`.
const scale =
  ([d0, d1], [r0, r1]) =>
  v =>
    r0 + ((v - d0) / (d1 - d0 || 1)) * (r1 - r0);

// x is a number: lines with interval bands, bars with error bars.
function drawNumbers(panel, width, palette) {
  const height = 240;
  const points = panel.series.flatMap(s => s.points);
  const xs = points.map(p => p.x);
  let [xLo, xHi] = xs.length ? [Math.min(...xs), Math.max(...xs)] : [0, 1];
  const bars = panel.series.filter(s => s.mark === 'bars').length;
  const steps = [...new Set(xs)].sort((a, b) => a - b).map((x, i, all) => all[i + 1] - x);
  const step = Math.min(...steps.filter(d => d > 0), Infinity);
  const gap = Number.isFinite(step) ? step : 1;
  const pad = bars || xHi === xLo ? gap / 2 : 0;
  [xLo, xHi] = [xLo - pad, xHi + pad];
  const [yLo, yHi] = panel.value_range;
  const yTicks = ticks(yLo, yHi, 5);
  const yText = yTicks.map(v => valueLabel(v, panel.probability, yHi - yLo));
  // Room for the widest label as the browser draws it ("100%" was cut to "00%").
  const left = 12 + Math.ceil(Math.max(...yText.map(textWidth)));
  // What the values are, over the axis, unless the caption says it.
  const yLabel = caption(panel).includes(panel.y_label) ? '' : panel.y_label;
  const box = { left, right: width - 10, top: yLabel ? 24 : 8, bottom: height - 36 };
  const x = scale([xLo, xHi], [box.left, box.right]);
  const y = scale([yLo, yHi], [box.bottom, box.top]);
  const svg = canvas(width, height);
  const whole = points.every(p => Number.isInteger(p.x));
  const xTicks = ticks(xLo, xHi, Math.max(2, Math.floor((box.right - box.left) / 50)), whole);
  axes(svg, box, {
    x: xTicks.map(v => [x(v), trimmed(v, 2)]),
    y: yTicks.map((v, i) => [y(v), yText[i]]),
    xLabel: panel.x_label,
    yLabel,
  });
  let slot = 0;
  for (const s of panel.series) {
    const colour = colourOf(palette, s.colour);
    if (s.mark === 'line') {
      line(svg, s, colour, x, y);
    } else {
      const w = (gap * 0.8) / bars;
      const offset = -gap * 0.4 + w * slot++;
      for (const p of s.points) {
        const [x0, x1] = [x(p.x + offset), x(p.x + offset + w)];
        const [top, base] = [y(Math.max(p.y, 0)), y(Math.min(p.y, 0))];
        svg.append(rect(x0, top, x1 - x0, base - top, colour));
        if (p.interval) errorBar(svg, (x0 + x1) / 2, y(p.interval[0]), y(p.interval[1]), true);
      }
    }
  }
  return svg;
}

// A series' line, its interval band beneath it and, when there are few,
// a dot at each point.
function line(svg, s, colour, x, y) {
  const band = s.points.filter(p => p.interval);
  if (band.length) {
    const edge = [
      ...band.map(p => `${x(p.x)},${y(p.interval[0])}`),
      ...band.reverse().map(p => `${x(p.x)},${y(p.interval[1])}`),
    ];
    svg.append(
      svgElement('polygon', { points: edge.join(' '), fill: colour, 'fill-opacity': 0.2 }),
    );
  }
  const path = s.points.map(p => `${x(p.x)},${y(p.y)}`).join(' ');
  svg.append(
    svgElement('polyline', { points: path, fill: 'none', stroke: colour, 'stroke-width': 2 }),
  );
  if (s.points.length <= MARKED_POINTS) {
    for (const p of s.points)
      svg.append(svgElement('circle', { cx: x(p.x), cy: y(p.y), r: 3, fill: colour }));
  }
}

const rect = (x, y, width, height, fill) =>
  svgElement('rect', { x, y, width: Math.max(width, 0), height: Math.max(height, 0), fill });

// An interval from a to b (pixels) across a bar at `at`, with end caps.
function errorBar(svg, at, a, b, vertical) {
  const pts = vertical
    ? [
        [at, a, at, b],
        [at - 4, a, at + 4, a],
        [at - 4, b, at + 4, b],
      ]
    : [
        [a, at, b, at],
        [a, at - 4, a, at + 4],
        [b, at - 4, b, at + 4],
      ];
  for (const [x1, y1, x2, y2] of pts)
    svg.append(svgElement('line', { x1, y1, x2, y2, stroke: '#000' }));
}

// The plot's frame, its ticks with their labels and the axes' names.
function axes(svg, box, { x, y, xLabel, yLabel }) {
  const stroke = { stroke: '#000', 'stroke-width': 1 };
  svg.append(
    svgElement('line', { x1: box.left, y1: box.bottom, x2: box.right, y2: box.bottom, ...stroke }),
  );
  svg.append(
    svgElement('line', { x1: box.left, y1: box.top, x2: box.left, y2: box.bottom, ...stroke }),
  );
  for (const [at, label] of x) {
    svg.append(
      svgElement('line', { x1: at, y1: box.bottom, x2: at, y2: box.bottom + 4, ...stroke }),
    );
    svg.append(svgElement('text', { x: at, y: box.bottom + 16, 'text-anchor': 'middle' }, label));
  }
  for (const [at, label] of y) {
    svg.append(svgElement('line', { x1: box.left - 4, y1: at, x2: box.left, y2: at, ...stroke }));
    svg.append(svgElement('line', { x1: box.left, y1: at, x2: box.right, y2: at, stroke: '#eee' }));
    svg.append(svgElement('text', { x: box.left - 6, y: at + 4, 'text-anchor': 'end' }, label));
  }
  if (xLabel) {
    const middle = (box.left + box.right) / 2;
    svg.append(
      svgElement('text', { x: middle, y: box.bottom + 32, 'text-anchor': 'middle' }, xLabel),
    );
  }
  if (yLabel) svg.append(svgElement('text', { x: 2, y: box.top - 10 }, yLabel));
}

// Named categories, one under another: each name on its own line over
// one bar per series, the bar's value at its end (a name never squeezes
// the bars on a phone).
function drawCategories(panel, width, palette) {
  const names = panel.axis.categories;
  const count = Math.max(panel.series.length, 1);
  const row = 18 + count * 14 + 6;
  const height = names.length * row + 30;
  const [lo, hi] = panel.value_range;
  const box = { left: 8, right: width - 56, top: 0, bottom: names.length * row };
  const x = scale([lo, hi], [box.left, box.right]);
  const svg = canvas(width, height);
  axes(svg, box, {
    x: ticks(lo, hi, Math.max(2, Math.floor(width / 70))).map(v => [
      x(v),
      valueLabel(v, panel.probability, hi - lo),
    ]),
    y: [],
    xLabel: '',
    yLabel: '',
  });
  names.forEach((name, i) => {
    svg.append(svgElement('text', { x: box.left + 4, y: i * row + 14 }, name));
  });
  panel.series.forEach((s, k) => {
    const colour = colourOf(palette, s.colour);
    for (const p of s.points) {
      const top = p.x * row + 18 + k * 14;
      const [a, b] = [x(Math.min(p.y, 0)), x(Math.max(p.y, 0))];
      svg.append(rect(a, top, b - a, 12, colour));
      const end = p.interval ? Math.max(b, x(p.interval[1])) : b;
      if (p.interval) errorBar(svg, top + 6, x(p.interval[0]), x(p.interval[1]), false);
      svg.append(svgElement('text', { x: end + 4, y: top + 10 }, barLabel(p.y, panel.probability)));
    }
  });
  return svg;
}

// Units seen from above where they stand, at one scale across and up,
// each shaded by its value (darker is likelier) and named below.
function drawMap(panel, width, palette) {
  const shapes = panel.axis.map;
  const height = Math.round(Math.min(Math.max(width * 0.6, 220), 420));
  const corners = shapes.flatMap(s => s.corners);
  const xs = corners.map(c => c[0]);
  const ys = corners.map(c => c[1]);
  let [x0, x1, y0, y1] = corners.length
    ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    : [0, 1, 0, 1];
  // 5 cm round the units, and room below each for its name.
  [x0, x1, y0, y1] = [x0 - 5, x1 + 5, y0 - 10, y1 + 5];
  const perCm = Math.min(width / (x1 - x0), height / (y1 - y0));
  const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const x = v => width / 2 + (v - cx) * perCm;
  const y = v => height / 2 - (v - cy) * perCm;
  const svg = canvas(width, height);
  const first = panel.series[0];
  const colour = colourOf(palette, first?.colour ?? 0);
  const placed = [];
  shapes.forEach((shape, i) => {
    const point = first?.points.find(p => p.x === i);
    const value = point ? Math.min(Math.max(point.y, 0), 1) : 0;
    const outline = shape.corners.map(c => `${x(c[0])},${y(c[1])}`).join(' ');
    svg.append(
      svgElement('polygon', {
        points: outline,
        fill: colour,
        'fill-opacity': 0.1 + 0.8 * value,
        stroke: '#000',
      }),
    );
    const middle = x(shape.corners.reduce((sum, c) => sum + c[0], 0) / shape.corners.length);
    const below = y(Math.min(...shape.corners.map(c => c[1]))) + 14;
    const label = point ? `${shape.name}: ${trimmed(point.y * 100, 1)}%` : shape.name;
    const at = place(placed, middle, below, label.length * 7);
    svg.append(svgElement('text', { x: middle, y: at, 'text-anchor': 'middle' }, label));
  });
  return svg;
}

// The first line at or below `y` where a label `width` wide centred on
// `x` overlaps none `placed` (neighbouring units' names go one under the
// other); the label's box joins `placed`.
function place(placed, x, y, width) {
  let at = y;
  const clash = b => Math.abs(b.x - x) < (b.width + width) / 2 && Math.abs(b.y - at) < 14;
  while (placed.some(clash)) at += 14;
  placed.push({ x, y: at, width });
  return at;
}
