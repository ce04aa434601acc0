// Edinburgh's districts and neighbourhoods by the rough middle of each, so a three-word location can be
// told as a place a person knows ('Leith', 'Morningside') without asking anyone. The nearest middle
// names the area; the grid's squares carry no name of their own.
import { haversineMetres, type Point } from '#shared/domain/geo.ts';

/** The middle of the city (the east end of Princes Street): where distances are measured from when nothing nearer is known. */
export const CITY_CENTRE: Point = { latitude: 55.9533, longitude: -3.1883 };

/** Past this from every middle below, a place is given no area rather than a wrong one. */
const AREA_REACH_METRES = 4000;

const AREAS: readonly (readonly [name: string, latitude: number, longitude: number])[] = [
  ['Old Town', 55.9495, -3.191],
  ['New Town', 55.956, -3.199],
  ['West End', 55.949, -3.212],
  ['Haymarket', 55.9458, -3.2185],
  ['Tollcross', 55.9435, -3.203],
  ['Southside', 55.944, -3.184],
  ['Bruntsfield', 55.938, -3.207],
  ['Marchmont', 55.9365, -3.193],
  ['Newington', 55.937, -3.179],
  ['The Grange', 55.933, -3.188],
  ['Morningside', 55.928, -3.21],
  ['Merchiston', 55.933, -3.218],
  ['Dalry', 55.94, -3.225],
  ['Gorgie', 55.938, -3.239],
  ['Fountainbridge', 55.942, -3.211],
  ['Stockbridge', 55.959, -3.209],
  ['Comely Bank', 55.961, -3.222],
  ['Dean Village', 55.953, -3.217],
  ['Canonmills', 55.963, -3.198],
  ['Inverleith', 55.967, -3.21],
  ['Broughton', 55.959, -3.188],
  ['Pilrig', 55.964, -3.18],
  ['Bonnington', 55.97, -3.188],
  ['Leith', 55.975, -3.17],
  ['Newhaven', 55.98, -3.196],
  ['Trinity', 55.977, -3.208],
  ['Granton', 55.981, -3.227],
  ['Pilton', 55.973, -3.233],
  ['Craigleith', 55.961, -3.238],
  ['Blackhall', 55.959, -3.253],
  ["Davidson's Mains", 55.964, -3.275],
  ['Barnton', 55.962, -3.288],
  ['Cramond', 55.979, -3.298],
  ['Murrayfield', 55.946, -3.24],
  ['Balgreen', 55.94, -3.257],
  ['Corstorphine', 55.941, -3.28],
  ['South Gyle', 55.937, -3.299],
  ['Stenhouse', 55.932, -3.265],
  ['Sighthill', 55.923, -3.285],
  ['Wester Hailes', 55.915, -3.284],
  ['Craiglockhart', 55.921, -3.238],
  ['Colinton', 55.906, -3.261],
  ['Juniper Green', 55.905, -3.285],
  ['Currie', 55.897, -3.307],
  ['Balerno', 55.885, -3.338],
  ['Oxgangs', 55.906, -3.224],
  ['Fairmilehead', 55.901, -3.206],
  ['Liberton', 55.913, -3.161],
  ['Gilmerton', 55.905, -3.133],
  ['The Inch', 55.92, -3.153],
  ['Prestonfield', 55.933, -3.16],
  ['Craigmillar', 55.929, -3.138],
  ['Niddrie', 55.932, -3.125],
  ['Duddingston', 55.94, -3.148],
  ['Holyrood', 55.952, -3.172],
  ['Abbeyhill', 55.955, -3.17],
  ['Meadowbank', 55.957, -3.158],
  ['Lochend', 55.96, -3.162],
  ['Restalrig', 55.962, -3.152],
  ['Craigentinny', 55.959, -3.137],
  ['Portobello', 55.953, -3.111],
  ['Joppa', 55.948, -3.093],
  ['Edinburgh Airport', 55.95, -3.362],
  ['Ratho', 55.922, -3.38],
  ['Kirkliston', 55.955, -3.403],
  ['South Queensferry', 55.99, -3.397],
  ['Dalmeny', 55.981, -3.372],
  // Beyond the council's boundary but inside the region's box: the towns a person would name.
  ['Musselburgh', 55.942, -3.054],
  ['Danderhall', 55.915, -3.11],
  ['Dalkeith', 55.894, -3.068],
  ['Newtongrange', 55.867, -3.069],
  ['Gorebridge', 55.842, -3.046],
  ['Bonnyrigg', 55.873, -3.105],
  ['Lasswade', 55.882, -3.12],
  ['Loanhead', 55.879, -3.151],
  ['Straiton', 55.897, -3.166],
  ['Roslin', 55.856, -3.165],
  ['Penicuik', 55.826, -3.22],
  ['Hillend', 55.888, -3.215],
  ['Auchendinny', 55.846, -3.192],
  ['Rosewell', 55.852, -3.138],
  ['Temple', 55.817, -3.094],
  ['Pentland Hills', 55.86, -3.28],
  ['Pentland Hills', 55.83, -3.33],
  ['Pentland Hills', 55.85, -3.4],
  ['Newbridge', 55.939, -3.419],
  ['Wilkieston', 55.912, -3.428],
  ['Kirknewton', 55.887, -3.417],
  ['Firth of Forth', 56.0, -3.3],
  ['Firth of Forth', 56.0, -3.2],
  ['Firth of Forth', 55.995, -3.1],
  ['Firth of Forth', 55.985, -3.05],
];

/** The district or neighbourhood around a point of the city, or null when none is near. */
export function areaAt(point: Point): string | null {
  let best: { name: string; metres: number } | null = null;
  for (const [name, latitude, longitude] of AREAS) {
    const metres = haversineMetres(point, { latitude, longitude });
    if (!best || metres < best.metres) best = { name, metres };
  }
  return best && best.metres <= AREA_REACH_METRES ? best.name : null;
}
