/* The market's public face: a buy and a sell, as the demo data and the trade benchmark make them. */
export { buyItem, sellItem } from './trade.ts';
