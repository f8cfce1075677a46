document.querySelectorAll('.fix button').forEach(function(b){b.addEventListener('click',function(){
var t=b.parentElement.querySelector('code').textContent;
if(navigator.clipboard){navigator.clipboard.writeText(t).then(function(){b.textContent='copied';},
function(){b.textContent='select and copy';});}else{b.textContent='select and copy';}});});
