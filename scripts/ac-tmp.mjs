import autocannon from "autocannon";
const cats = ["", "&catagory=shoes", "&catagory=mans", "&catagory=womans", "&catagory=gadgets"];
const prices = ["", "&minPrice=50", "&maxPrice=100", "&minPrice=25&maxPrice=200"];
let n = 0;
const result = await autocannon({
  url: "http://127.0.0.1:4555",
  connections: 50,
  duration: 6,
  requests: [{
    setupRequest: (request) => {
      n += 1;
      request.path = `/api/products/facets?q=${n % 2 === 0 ? "steel" : ""}${cats[n % 5]}${prices[n % 4]}&n=${n}${Math.floor(Math.random() * 1e6)}`;
      return request;
    },
  }],
});
console.log(`autocannon: ${result.requests.average} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
