import autocannon from "autocannon";
const words = ["watch","linen","boot","silk","camera","denim","speaker","runner","copper","velvet","nordic","suede","hoodie","earbuds","ivory","mesh"];
let n = 0;
const result = await autocannon({
  url: "http://127.0.0.1:3999", connections: 50, duration: 8,
  requests: [{ setupRequest: (req) => ({ ...req, path: `/api/products?q=${words[n % words.length]}&limit=8&nocache=${n++}` }) }],
});
console.log("rps", result.requests.average, "p50", result.latency.p50, "p99", result.latency.p99, "errors", result.errors, result.non2xx);
