// Every test process runs in UTC, whatever the machine's zone: a date the tests write at noon UTC is the same day
// everywhere, and a test that needs another zone says so. Set before Jest starts its workers, which inherit it.
module.exports = async () => {
  process.env.TZ = 'UTC';
};
